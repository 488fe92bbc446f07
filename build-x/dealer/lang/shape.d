build-x/dealer/lang/shape.o: dealer/lang/shape.c dealer/lang/lang_int.h \
 dealer/lang/lang.h dealer/deal/deal.h dealer/base/base.h \
 dealer/deal/hot.h
dealer/lang/lang_int.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/deal/hot.h:
