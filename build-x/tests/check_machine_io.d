build-x/tests/check_machine_io.o: tests/check_machine_io.c \
 /usr/include/libusb-1.0/libusb.h config/config.h dealer/run/run.h \
 dealer/lang/lang.h dealer/deal/deal.h dealer/base/base.h \
 dealer/event/event.h machine/machine.h pbn/pbn.h machine/mach_int.h \
 tests/check_suites.h
/usr/include/libusb-1.0/libusb.h:
config/config.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
machine/machine.h:
pbn/pbn.h:
machine/mach_int.h:
tests/check_suites.h:
