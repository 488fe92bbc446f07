build-x/tests/check_mweb_operator.o: tests/check_mweb_operator.c \
 machine/operator/operator.h machine/machine.h dealer/run/run.h \
 dealer/lang/lang.h dealer/deal/deal.h dealer/base/base.h \
 dealer/event/event.h pbn/pbn.h tests/check_suites.h
machine/operator/operator.h:
machine/machine.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
pbn/pbn.h:
tests/check_suites.h:
