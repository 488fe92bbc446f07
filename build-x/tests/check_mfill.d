build-x/tests/check_mfill.o: tests/check_mfill.c config/config.h \
 dealer/run/run.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/base/base.h dealer/event/event.h machine/machine.h pbn/pbn.h \
 machine/mach_int.h machine/transport.h tests/check_suites.h
config/config.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
machine/machine.h:
pbn/pbn.h:
machine/mach_int.h:
machine/transport.h:
tests/check_suites.h:
