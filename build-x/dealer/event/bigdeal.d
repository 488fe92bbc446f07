build-x/dealer/event/bigdeal.o: dealer/event/bigdeal.c \
 dealer/event/event.h dealer/deal/deal.h dealer/base/base.h
dealer/event/event.h:
dealer/deal/deal.h:
dealer/base/base.h:
