build-x/dealer/deal/board.o: dealer/deal/board.c dealer/deal/deal.h \
 dealer/base/base.h
dealer/deal/deal.h:
dealer/base/base.h:
