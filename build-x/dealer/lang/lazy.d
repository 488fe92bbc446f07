build-x/dealer/lang/lazy.o: dealer/lang/lazy.c dealer/lang/gen.h \
 dealer/lang/lang_int.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/base/base.h dealer/deal/hot.h
dealer/lang/gen.h:
dealer/lang/lang_int.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/deal/hot.h:
