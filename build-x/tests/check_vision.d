build-x/tests/check_vision.o: tests/check_vision.c \
 machine/vision/vision.h dealer/deal/deal.h dealer/base/base.h \
 tests/check_suites.h
machine/vision/vision.h:
dealer/deal/deal.h:
dealer/base/base.h:
tests/check_suites.h:
