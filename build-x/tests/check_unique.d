build-x/tests/check_unique.o: tests/check_unique.c tests/check_suites.h \
 pbn/fuzz_unique.c pbn/sets/sets.h pbn/pbn.h dealer/run/run.h \
 dealer/lang/lang.h dealer/deal/deal.h dealer/base/base.h \
 dealer/event/event.h
tests/check_suites.h:
pbn/fuzz_unique.c:
pbn/sets/sets.h:
pbn/pbn.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
