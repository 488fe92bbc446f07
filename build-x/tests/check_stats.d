build-x/tests/check_stats.o: tests/check_stats.c dealer/deal/deal.h \
 dealer/base/base.h tests/check_suites.h
dealer/deal/deal.h:
dealer/base/base.h:
tests/check_suites.h:
