build-x/dealer/event/squaredeal.o: dealer/event/squaredeal.c \
 dealer/event/event.h dealer/deal/deal.h dealer/base/base.h
dealer/event/event.h:
dealer/deal/deal.h:
dealer/base/base.h:
