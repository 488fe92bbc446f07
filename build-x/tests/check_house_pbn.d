build-x/tests/check_house_pbn.o: tests/check_house_pbn.c \
 dealer/deal/deal.h dealer/base/base.h tests/check_suites.h
dealer/deal/deal.h:
dealer/base/base.h:
tests/check_suites.h:
