build-x/tests/check_printing.o: tests/check_printing.c \
 printing/printing.h dealer/run/run.h dealer/lang/lang.h \
 dealer/deal/deal.h dealer/base/base.h dealer/event/event.h pbn/pbn.h \
 tests/check_suites.h
printing/printing.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
pbn/pbn.h:
tests/check_suites.h:
