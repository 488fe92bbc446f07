build-x/machine/usb.o: machine/usb.c /usr/include/libusb-1.0/libusb.h \
 machine/mach_int.h machine/machine.h dealer/run/run.h dealer/lang/lang.h \
 dealer/deal/deal.h dealer/base/base.h dealer/event/event.h pbn/pbn.h \
 machine/transport.h
/usr/include/libusb-1.0/libusb.h:
machine/mach_int.h:
machine/machine.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
pbn/pbn.h:
machine/transport.h:
