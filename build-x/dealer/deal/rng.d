build-x/dealer/deal/rng.o: dealer/deal/rng.c dealer/deal/hot.h \
 dealer/deal/deal.h dealer/base/base.h
dealer/deal/hot.h:
dealer/deal/deal.h:
dealer/base/base.h:
