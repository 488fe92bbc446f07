build-x/machine/operator/state.o: machine/operator/state.c \
 machine/operator/op_int.h machine/operator/operator.h machine/machine.h \
 dealer/run/run.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/base/base.h dealer/event/event.h pbn/pbn.h
machine/operator/op_int.h:
machine/operator/operator.h:
machine/machine.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
pbn/pbn.h:
