build-x/machine/cmd/cmd_machine.o: machine/cmd/cmd_machine.c \
 machine/cmd/cmd.h dealer/base/base.h machine/vision/vision.h \
 dealer/deal/deal.h
machine/cmd/cmd.h:
dealer/base/base.h:
machine/vision/vision.h:
dealer/deal/deal.h:
