build-x/machine/operator/page.o: machine/operator/page.c \
 machine/operator/op_int.h machine/operator/operator.h machine/machine.h \
 dealer/run/run.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/base/base.h dealer/event/event.h pbn/pbn.h \
 build-x/machine/operator/page.inc
machine/operator/op_int.h:
machine/operator/operator.h:
machine/machine.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/base/base.h:
dealer/event/event.h:
pbn/pbn.h:
build-x/machine/operator/page.inc:
