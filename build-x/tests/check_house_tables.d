build-x/tests/check_house_tables.o: tests/check_house_tables.c pbn/pbn.h \
 dealer/run/run.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/base/base.h dealer/event/event.h printing/printing.h \
 tests/check_suites.h
pbn/pbn.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
printing/printing.h:
tests/check_suites.h:
