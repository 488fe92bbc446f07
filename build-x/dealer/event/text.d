build-x/dealer/event/text.o: dealer/event/text.c dealer/event/event.h \
 dealer/deal/deal.h dealer/base/base.h
dealer/event/event.h:
dealer/deal/deal.h:
dealer/base/base.h:
