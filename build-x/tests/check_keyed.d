build-x/tests/check_keyed.o: tests/check_keyed.c dealer/run/run.h \
 dealer/lang/lang.h dealer/deal/deal.h dealer/base/base.h \
 dealer/event/event.h dealer/lang/lang_int.h dealer/deal/hot.h \
 tests/check_suites.h
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
dealer/lang/lang_int.h:
dealer/deal/hot.h:
tests/check_suites.h:
