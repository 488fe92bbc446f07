build-x/machine/camera/firmata.o: machine/camera/firmata.c \
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
