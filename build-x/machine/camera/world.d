build-x/machine/camera/world.o: machine/camera/world.c \
 machine/camera/cam_int.h machine/driver.h machine/machine.h \
 dealer/run/run.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/base/base.h dealer/event/event.h pbn/pbn.h \
 machine/vision/vision.h
machine/camera/cam_int.h:
machine/driver.h:
machine/machine.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
pbn/pbn.h:
machine/vision/vision.h:
