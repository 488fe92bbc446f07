build-x/dealer/event/record.o: dealer/event/record.c dealer/event/event.h \
 dealer/deal/deal.h dealer/base/base.h
dealer/event/event.h:
dealer/deal/deal.h:
dealer/base/base.h:
