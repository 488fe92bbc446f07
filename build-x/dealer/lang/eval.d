build-x/dealer/lang/eval.o: dealer/lang/eval.c dealer/lang/lang_int.h \
 dealer/lang/lang.h dealer/deal/deal.h dealer/base/base.h \
 dealer/deal/hot.h
dealer/lang/lang_int.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/deal/hot.h:
