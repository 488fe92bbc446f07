build-x/machine/vision/calfile.o: machine/vision/calfile.c \
 machine/vision/vis_int.h machine/vision/vision.h dealer/deal/deal.h \
 dealer/base/base.h
machine/vision/vis_int.h:
machine/vision/vision.h:
dealer/deal/deal.h:
dealer/base/base.h:
