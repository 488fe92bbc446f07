build-x/dealer/event/spent.o: dealer/event/spent.c dealer/event/event.h \
 dealer/deal/deal.h dealer/base/base.h
dealer/event/event.h:
dealer/deal/deal.h:
dealer/base/base.h:
