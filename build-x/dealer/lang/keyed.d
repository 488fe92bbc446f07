build-x/dealer/lang/keyed.o: dealer/lang/keyed.c dealer/lang/hands.h \
 dealer/lang/lang_int.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/base/base.h dealer/deal/hot.h
dealer/lang/hands.h:
dealer/lang/lang_int.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/deal/hot.h:
