build-x/tests/check_config.o: tests/check_config.c config/config.h \
 dealer/run/run.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/base/base.h dealer/event/event.h machine/machine.h pbn/pbn.h \
 tests/check_suites.h
config/config.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
machine/machine.h:
pbn/pbn.h:
tests/check_suites.h:
