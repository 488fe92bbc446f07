build-x/machine/vision/read.o: machine/vision/read.c \
 machine/vision/vis_int.h machine/vision/vision.h dealer/deal/deal.h \
 dealer/base/base.h
machine/vision/vis_int.h:
machine/vision/vision.h:
dealer/deal/deal.h:
dealer/base/base.h:
