build-x/dealer/deal/number.o: dealer/deal/number.c dealer/deal/deal.h \
 dealer/base/base.h
dealer/deal/deal.h:
dealer/base/base.h:
