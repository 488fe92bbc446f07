build-x/dealer/cmd/cmd_key.o: dealer/cmd/cmd_key.c dealer/cmd/cmd.h \
 dealer/base/base.h dealer/deal/deal.h
dealer/cmd/cmd.h:
dealer/base/base.h:
dealer/deal/deal.h:
