build-x/dealer/lang/parse.o: dealer/lang/parse.c dealer/lang/lang_int.h \
 dealer/lang/lang.h dealer/deal/deal.h dealer/base/base.h \
 dealer/deal/hot.h
dealer/lang/lang_int.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/deal/hot.h:
