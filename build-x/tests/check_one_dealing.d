build-x/tests/check_one_dealing.o: tests/check_one_dealing.c \
 pbn/sets/sets.h pbn/pbn.h dealer/run/run.h dealer/lang/lang.h \
 dealer/deal/deal.h dealer/base/base.h dealer/event/event.h \
 tests/check_suites.h
pbn/sets/sets.h:
pbn/pbn.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
tests/check_suites.h:
