build-x/machine/sim_read.o: machine/sim_read.c machine/sim_int.h \
 machine/machine.h dealer/run/run.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/base/base.h dealer/event/event.h pbn/pbn.h
machine/sim_int.h:
machine/machine.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
pbn/pbn.h:
