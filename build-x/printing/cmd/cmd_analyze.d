build-x/printing/cmd/cmd_analyze.o: printing/cmd/cmd_analyze.c \
 printing/cmd/cmd.h dealer/base/base.h printing/printing.h \
 dealer/run/run.h dealer/lang/lang.h dealer/deal/deal.h \
 dealer/event/event.h pbn/pbn.h
printing/cmd/cmd.h:
dealer/base/base.h:
printing/printing.h:
dealer/run/run.h:
dealer/lang/lang.h:
dealer/deal/deal.h:
dealer/event/event.h:
pbn/pbn.h:
