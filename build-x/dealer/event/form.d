build-x/dealer/event/form.o: dealer/event/form.c dealer/event/event.h \
 dealer/deal/deal.h dealer/base/base.h
dealer/event/event.h:
dealer/deal/deal.h:
dealer/base/base.h:
