build-x/tests/check_machine.o: tests/check_machine.c machine/machine.h \
 dealer/run/run.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/base/base.h dealer/event/event.h pbn/pbn.h machine/transport.h \
 tests/check_suites.h
machine/machine.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
pbn/pbn.h:
machine/transport.h:
tests/check_suites.h:
