build-x/dealer/base/cmdline.o: dealer/base/cmdline.c dealer/base/base.h
dealer/base/base.h:
