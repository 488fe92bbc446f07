build-x/dealer/event/rules.o: dealer/event/rules.c dealer/event/event.h \
 dealer/deal/deal.h dealer/base/base.h
dealer/event/event.h:
dealer/deal/deal.h:
dealer/base/base.h:
