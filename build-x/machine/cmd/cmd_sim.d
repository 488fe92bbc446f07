build-x/machine/cmd/cmd_sim.o: machine/cmd/cmd_sim.c machine/cmd/cmd.h \
 dealer/base/base.h config/config.h dealer/run/run.h dealer/lang/lang.h \
 dealer/deal/deal.h dealer/event/event.h machine/machine.h pbn/pbn.h \
 machine/cmd/cmd_int.h
machine/cmd/cmd.h:
dealer/base/base.h:
config/config.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/event/event.h:
machine/machine.h:
pbn/pbn.h:
machine/cmd/cmd_int.h:
