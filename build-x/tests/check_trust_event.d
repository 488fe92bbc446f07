build-x/tests/check_trust_event.o: tests/check_trust_event.c \
 dealer/event/event.h dealer/deal/deal.h dealer/base/base.h \
 tests/check_suites.h
dealer/event/event.h:
dealer/deal/deal.h:
dealer/base/base.h:
tests/check_suites.h:
