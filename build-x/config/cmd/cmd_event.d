build-x/config/cmd/cmd_event.o: config/cmd/cmd_event.c config/cmd/cmd.h \
 dealer/base/base.h config/config.h dealer/run/run.h dealer/lang/lang.h \
 dealer/deal/deal.h dealer/event/event.h machine/machine.h pbn/pbn.h \
 machine/operator/operator.h
config/cmd/cmd.h:
dealer/base/base.h:
config/config.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/event/event.h:
machine/machine.h:
pbn/pbn.h:
machine/operator/operator.h:
