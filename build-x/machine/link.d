build-x/machine/link.o: machine/link.c machine/ctl_int.h machine/driver.h \
 machine/machine.h dealer/run/run.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/base/base.h dealer/event/event.h pbn/pbn.h machine/mach_int.h \
 machine/transport.h
machine/ctl_int.h:
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
