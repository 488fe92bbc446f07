build-x/machine/drivers.o: machine/drivers.c machine/driver.h \
 machine/machine.h dealer/run/run.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/base/base.h dealer/event/event.h pbn/pbn.h machine/mach_int.h \
 machine/transport.h
machine/driver.h:
machine/machine.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
pbn/pbn.h:
machine/mach_int.h:
machine/transport.h:
