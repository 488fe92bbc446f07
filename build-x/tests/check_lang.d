build-x/tests/check_lang.o: tests/check_lang.c dealer/lang/gen.h \
 dealer/lang/lang_int.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/base/base.h dealer/deal/hot.h dealer/run/run.h \
 dealer/event/event.h tests/check_suites.h
dealer/lang/gen.h:
dealer/lang/lang_int.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/deal/hot.h:
dealer/run/run.h:
dealer/event/event.h:
tests/check_suites.h:
