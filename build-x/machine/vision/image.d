build-x/machine/vision/image.o: machine/vision/image.c \
 machine/vision/vis_int.h machine/vision/vision.h dealer/deal/deal.h \
 dealer/base/base.h
machine/vision/vis_int.h:
machine/vision/vision.h:
dealer/deal/deal.h:
dealer/base/base.h:
