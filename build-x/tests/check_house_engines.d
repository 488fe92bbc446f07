build-x/tests/check_house_engines.o: tests/check_house_engines.c \
 config/config.h dealer/run/run.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/base/base.h dealer/event/event.h machine/machine.h pbn/pbn.h \
 printing/printing.h tests/check_suites.h
config/config.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
machine/machine.h:
pbn/pbn.h:
printing/printing.h:
tests/check_suites.h:
