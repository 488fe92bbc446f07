build-x/dealer/lang/gen.o: dealer/lang/gen.c dealer/lang/gen.h \
 dealer/lang/lang_int.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/base/base.h dealer/deal/hot.h dealer/lang/hands.h
dealer/lang/gen.h:
dealer/lang/lang_int.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/deal/hot.h:
dealer/lang/hands.h:
