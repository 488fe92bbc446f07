build-x/dealer/cmd/cmd_dealer.o: dealer/cmd/cmd_dealer.c dealer/cmd/cmd.h \
 dealer/base/base.h dealer/run/run.h dealer/lang/lang.h \
 dealer/deal/deal.h dealer/event/event.h
dealer/cmd/cmd.h:
dealer/base/base.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/event/event.h:
