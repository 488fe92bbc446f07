build-x/dealer/cmd/cmd_number.o: dealer/cmd/cmd_number.c dealer/cmd/cmd.h \
 dealer/base/base.h dealer/event/event.h dealer/deal/deal.h
dealer/cmd/cmd.h:
dealer/base/base.h:
dealer/event/event.h:
dealer/deal/deal.h:
