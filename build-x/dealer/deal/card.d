build-x/dealer/deal/card.o: dealer/deal/card.c dealer/deal/deal.h \
 dealer/base/base.h
dealer/deal/deal.h:
dealer/base/base.h:
