build-x/predup.o: predup.c dealer/cmd/cmd.h dealer/base/base.h \
 pbn/cmd/cmd.h printing/cmd/cmd.h machine/cmd/cmd.h config/cmd/cmd.h \
 machine/machine.h dealer/run/run.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/event/event.h pbn/pbn.h pbn/pbn.h printing/printing.h
dealer/cmd/cmd.h:
dealer/base/base.h:
pbn/cmd/cmd.h:
printing/cmd/cmd.h:
machine/cmd/cmd.h:
config/cmd/cmd.h:
machine/machine.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/event/event.h:
pbn/pbn.h:
pbn/pbn.h:
printing/printing.h:
