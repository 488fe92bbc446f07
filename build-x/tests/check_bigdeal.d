build-x/tests/check_bigdeal.o: tests/check_bigdeal.c dealer/event/event.h \
 dealer/deal/deal.h dealer/base/base.h tests/check_suites.h
dealer/event/event.h:
dealer/deal/deal.h:
dealer/base/base.h:
tests/check_suites.h:
