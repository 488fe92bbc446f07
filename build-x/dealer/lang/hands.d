build-x/dealer/lang/hands.o: dealer/lang/hands.c dealer/lang/hands.h \
 dealer/lang/lang_int.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/base/base.h dealer/deal/hot.h
dealer/lang/hands.h:
dealer/lang/lang_int.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/deal/hot.h:
