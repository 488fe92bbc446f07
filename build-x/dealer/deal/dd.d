build-x/dealer/deal/dd.o: dealer/deal/dd.c dealer/deal/deal.h \
 dealer/base/base.h
dealer/deal/deal.h:
dealer/base/base.h:
